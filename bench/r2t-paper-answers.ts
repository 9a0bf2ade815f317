// The exact truncated answers of the R2T paper's graph experiments, as its authors stored them (Dong, Fang, Yi, Tao,
// Machanavajjhala, "R2T: Instance-optimal Truncation for Differentially Private Query Evaluation with Foreign Keys",
// SIGMOD 2022; github.com/hkustDB/Race-to-the-Top at commit 9a60465). `answers[j]` is Q(I, 2^(j+1)), the LP truncation
// at τ = 2^(j+1), from `Result/Graph/LP_All_Tau_<query>_<graph>.txt` ("LP result", CPLEX), where the authors' query
// one_path is `count pairs` (edges) and triangle is `count triangles`, both with node privacy; `exact` is its "Query
// result"; `gs` is theirs (`Script/CollectResultsGraph.py`: 1024, or 16 on the road networks, to the power 1 for
// edges and 2 for triangles). `authorsR2t` is their R2T's error at ε = 0.1·2^k, k = 0 … 7
// (`Result/Graph/R2T_<query>_<graph>.txt`: the mean |error| of 10 runs without the 2 largest and the 2 smallest,
// β = 0.1, thresholds τ = 5.5^i for i = 1 up to ⌊log_5.5 GS⌋ or 2 if that is less, `Code/R2T.py`). The bench adds its
// own noise to these answers, so R2T with privspec's thresholds is compared with the best fixed τ on the paper's own
// data.
export interface PaperGraphAnswers {
  readonly graph: string;
  readonly query: 'edges' | 'triangles';
  readonly gs: number;
  readonly exact: number;
  /** The authors' R2T: mean |error| (10 runs, 2 trimmed at each end) at each ε of AUTHORS_EPSILONS. */
  readonly authorsR2t: readonly number[];
  readonly answers: readonly number[];
}

/** The budgets of the authors' runs: 0.1, 0.2, 0.4 … 12.8. */
export const AUTHORS_EPSILONS: readonly number[] = [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 12.8];

export const PAPER_GRAPH_ANSWERS: readonly PaperGraphAnswers[] = [
  {
    graph: 'Amazon1',
    query: 'edges',
    gs: 1024,
    exact: 899792,
    authorsR2t: [
      23929.081749879057, 13870.178325812603, 7747.6686741369585, 5013.3989018733455, 3624.972210194508,
      2572.907405411223, 2077.431526602692, 1104.2905218899832,
    ],
    answers: [258879.5, 497093.5, 711908.5, 825914.5, 871829, 889984, 896645, 899118, 899792, 899792],
  },
  {
    graph: 'Amazon2',
    query: 'edges',
    gs: 1024,
    exact: 925872,
    authorsR2t: [
      22896.784669990593, 14742.314486670191, 7602.153720353206, 4000.995271379458, 2743.1835155402855,
      1677.8904336067305, 1403.4384070061108, 920.2517122512023,
    ],
    answers: [280549, 469859, 670206.5, 816366, 889101, 916180, 923806, 925511, 925835, 925872],
  },
  {
    graph: 'RoadnetPA',
    query: 'edges',
    gs: 16,
    exact: 1541898,
    authorsR2t: [
      1011.1452328708643, 888.5921664656295, 464.5693462317965, 176.16648537948882, 143.2189741950327,
      46.578598390954234, 22.3540194799037, 15.48118784247587,
    ],
    answers: [990384, 1532163.5, 1541894, 1541898],
  },
  {
    graph: 'RoadnetCA',
    query: 'edges',
    gs: 16,
    exact: 2766607,
    authorsR2t: [
      1252.2757804590121, 776.3008214845322, 385.50745092805784, 175.77782861694382, 125.14047361398116,
      62.571552452631295, 35.03010259017659, 11.176017875550315,
    ],
    answers: [1796006.5, 2751684, 2766598, 2766607],
  },
  {
    graph: 'Deezer',
    query: 'edges',
    gs: 1024,
    exact: 846915,
    authorsR2t: [
      23832.394856794057, 14598.037667910297, 7987.642586412355, 4529.810262647826, 2938.2402888788492,
      2149.445321213842, 1745.9659291978653, 1171.7787529974205,
    ],
    answers: [137919.5, 252678.5, 419237.5, 605999.5, 754533.5, 822402.5, 843281, 846502, 846915, 846915],
  },
  {
    graph: 'Amazon1',
    query: 'triangles',
    gs: 1048576,
    exact: 717719,
    authorsR2t: [
      61404.707352565114, 34057.34184373487, 15278.736453786492, 9105.701294257151, 6667.906734907224,
      4619.762207653393, 3598.7784033969706, 2198.9921899936744,
    ],
    answers: [
      143715.18875360652, 258036.9960236985, 413902.923809524, 568935.1999999852, 664488.3333333329, 700065, 712613,
      716620, 717711, 717719, 717719, 717719, 717719, 717719, 717719, 717719, 717719, 717719, 717719, 717719,
    ],
  },
  {
    graph: 'Amazon2',
    query: 'triangles',
    gs: 1048576,
    exact: 667129,
    authorsR2t: [
      72168.42184109853, 36188.4711210283, 22258.694086827338, 13531.435465505812, 8150.133311396504, 6598.232064252098,
      4237.250812148016, 2356.91666147043,
    ],
    answers: [
      119712.53264790899, 208250.4307539683, 329292.1587301588, 463938.05, 574799.8333333329, 635671.833333333, 658765,
      665109, 667090, 667129, 667129, 667129, 667129, 667129, 667129, 667129, 667129, 667129, 667129, 667129,
    ],
  },
  {
    graph: 'RoadnetPA',
    query: 'triangles',
    gs: 256,
    exact: 67150,
    authorsR2t: [
      484.73744915727485, 288.041016284665, 134.22923153362595, 68.17611956092878, 36.970087351243514,
      22.16006030619125, 11.286009971069385, 7.73443986120886,
    ],
    answers: [66134.33333333333, 67135, 67150, 67150, 67150, 67150, 67150, 67150],
  },
  {
    graph: 'RoadnetCA',
    query: 'triangles',
    gs: 256,
    exact: 120676,
    authorsR2t: [
      512.7197320603276, 383.02557625682675, 149.50779183581957, 73.66959854493325, 41.09109781809335,
      21.47062938921105, 14.092944693703126, 9.070633969616514,
    ],
    answers: [118100, 120646, 120676, 120676, 120676, 120676, 120676, 120676],
  },
  {
    graph: 'Deezer',
    query: 'triangles',
    gs: 1048576,
    exact: 794210,
    authorsR2t: [
      195138.88311369705, 155892.2056481922, 82981.85065616551, 44344.97208285673, 20660.508394456352,
      12192.855048095205, 7746.720462462923, 5352.92331570707,
    ],
    answers: [
      53662.63392965653, 94732.51408411977, 157268.6828654968, 244293.78227667738, 355708.90888878226,
      483752.74232458195, 611940.9529030805, 715046.0833333568, 773157, 792609, 794210, 794210, 794210, 794210, 794210,
      794210, 794210, 794210, 794210, 794210,
    ],
  },
];
