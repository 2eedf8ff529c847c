# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Engine.search runs jax.lax.while_loop with the evaluator state carried; Engine._evaluator lazily caches nnx.merge(graphdef, state) on the engine from inside the body
"""Chess engine evaluator: iterative deepening over a fixed move list; the evaluator counts its
node visits in a Variable, and the engine keeps a lazily built evaluator for the final report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class NodeVisits(nnx.Variable):
    pass


class PositionEvaluator(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(12, 8, (3, 3), rngs=rngs)
        self.head = nnx.Linear(8 * 64, 1, rngs=rngs)
        self.visits = NodeVisits(jnp.zeros((), jnp.int32))

    def __call__(self, board):
        self.visits[...] += 1
        h = nnx.relu(self.conv(board[None])).reshape(-1)
        return jnp.tanh(self.head(h))[0]


class Engine:
    def __init__(self, evaluator, max_depth=6):
        self.graphdef, self.state = nnx.split(evaluator)
        self.max_depth = max_depth
        self._net = None

    def _evaluator(self, state):
        if self._net is None:
            self._net = nnx.merge(self.graphdef, state)
        return self._net

    def search(self, board, moves):
        def deeper(carry):
            depth, _, _ = carry
            return depth < self.max_depth

        def iterate(carry):
            depth, best, state = carry
            net = self._evaluator(state)
            scores = jnp.stack([-net(board + m) for m in moves])
            best = jnp.where(depth % 2 == 0, jnp.argmax(scores), best)
            return depth + 1, best, nnx.state(net)

        init = (jnp.zeros((), jnp.int32), jnp.zeros((), jnp.int32), self.state)
        _, best, self.state = jax.lax.while_loop(deeper, iterate, init)
        return best

    def report(self, board):
        net = self._evaluator(self.state)
        return {"eval": net(board), "visits": net.visits[...]}


def main():
    board = jax.random.bernoulli(jax.random.key(0), 0.05, (8, 8, 12)).astype(jnp.float32)
    moves = jax.random.normal(jax.random.key(1), (5, 8, 8, 12)) * 0.1
    engine = Engine(PositionEvaluator(rngs=nnx.Rngs(0)))
    best = engine.search(board, moves)
    report = engine.report(board)
    print("best move", int(best), float(report["eval"]), int(report["visits"]))
    return None
