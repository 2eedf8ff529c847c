# label: same-values
# flax-error: none
# class: 4 evaluator.net.apply with evaluator.params and the dropout key held by evaluator.session, inside the fori_loop body
"""Chess engine evaluator: estimate the uncertainty of a position's value with Monte-Carlo
dropout, so the search can widen its aspiration window on uncertain positions."""
import jax
import jax.numpy as jnp
from flax import linen as nn

PIECES = "PNBRQKpnbrqk"
START = ["rnbqkbnr", "pppppppp", "........", "........",
         "....P...", "........", "PPPP.PPP", "RNBQKBNR"]


def encode_board(rows):
    planes = [[[1.0 if ch == piece else 0.0 for ch in row] for row in rows] for piece in PIECES]
    return jnp.asarray(planes).transpose(1, 2, 0)  # (8, 8, 12)


class ValueHead(nn.Module):
    hidden: int = 64
    rate: float = 0.25

    @nn.compact
    def __call__(self, board, deterministic=True):
        x = nn.Conv(16, (3, 3))(board[None])
        x = nn.relu(x).reshape(-1)
        x = nn.Dense(self.hidden)(x)
        x = nn.Dropout(self.rate)(nn.relu(x), deterministic=deterministic)
        return jnp.tanh(nn.Dense(1)(x))[0]


class SearchSession:
    """Per-game state of the engine: the seed it was started with, the node budget."""

    def __init__(self, seed, node_budget=10_000):
        self.key = jax.random.key(seed)
        self.node_budget = node_budget


class UncertaintyEvaluator:
    def __init__(self, net, params, session):
        self.net = net
        self.params = params
        self.session = session

    def samples(self, board, n):
        def draw(i, buf):
            value = self.net.apply({"params": self.params}, board, deterministic=False,
                                   rngs={"dropout": self.session.key})
            return buf.at[i].set(value)

        return jax.lax.fori_loop(0, n, draw, jnp.zeros((n,)))


def main():
    board = encode_board(START)
    net = ValueHead()
    params = net.init(jax.random.key(0), board)["params"]
    evaluator = UncertaintyEvaluator(net, params, SearchSession(seed=7))
    values = evaluator.samples(board, 8)
    print("value", values.mean(), "+/-", values.std())
    return values
