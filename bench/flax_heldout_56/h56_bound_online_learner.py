# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 OnlineLearner keeps model.bind(variables, mutable=['batch_stats']) and calls the bound module in a fori_loop over a stream; the stats are read back after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn


class StreamNormalizer(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.BatchNorm(use_running_average=False, momentum=0.5)(x)
        return nn.Dense(1)(x)


class StreamSource:
    def __init__(self, key, n, dim):
        self.data = jax.random.normal(key, (n, 8, dim))

    def __len__(self):
        return self.data.shape[0]


class OnlineLearner:
    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def _consume(self, i, acc, stream):
        pred = self.bound(stream.data[i])
        return acc + pred.mean()

    def run(self, stream: StreamSource):
        total = jax.lax.fori_loop(0, len(stream), lambda i, acc: self._consume(i, acc, stream), jnp.float32(0.0))
        stats = self.bound.variables["batch_stats"]
        drift = jax.tree_util.tree_map(lambda s: jnp.abs(s).max(), stats)
        return total, drift


def main():
    model = StreamNormalizer()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((8, 4)))
    learner = OnlineLearner(model, variables)
    learner.run(StreamSource(jax.random.PRNGKey(1), 5, 4))
    return None
