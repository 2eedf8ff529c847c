# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an Acquirer carries the model state through the raw scan over MC passes but also saves nnx.state(merged) on itself inside the body, and nnx.update's the model from that saved state after the loop
"""Active learning with NNX: MC-dropout predictive entropy over the pool. The acquirer keeps
the model's RNG state advancing across passes so each pass drops different units."""
import jax
import jax.numpy as jnp
from flax import nnx


class PoolClassifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return nnx.softmax(self.l2(self.drop(nnx.relu(self.l1(x)))))


class Acquirer:
    def __init__(self, model, passes=5):
        self.model, self.passes = model, passes
        self.latest_state = None

    def entropy(self, pool):
        self.model.train()
        graphdef, state = nnx.split(self.model)

        def body(state, _):
            model = nnx.merge(graphdef, state)
            probs = model(pool)
            self.latest_state = nnx.state(model)
            return nnx.state(model), probs

        _, probs = jax.lax.scan(body, state, None, length=self.passes)
        nnx.update(self.model, self.latest_state)
        mean = probs.mean(0)
        return -(mean * jnp.log(mean + 1e-9)).sum(-1)

    def select(self, pool, k=3):
        scores = self.entropy(pool)
        self.model.eval()
        return jnp.argsort(-scores)[:k], self.model(pool)


def main():
    pool = jax.random.normal(jax.random.key(0), (20, 6))
    Acquirer(PoolClassifier(nnx.Rngs(0, dropout=1))).select(pool)
    return None
