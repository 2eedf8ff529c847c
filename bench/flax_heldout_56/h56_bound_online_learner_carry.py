# label: ok
# flax-error: none
# class: 3 OnlineLearner calls model.apply(mutable=['batch_stats']) in a fori_loop over a stream and carries the stats in the loop state
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
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _consume(self, i, carry, stream):
        acc, stats = carry
        pred, updates = self.model.apply(
            {"params": self.params, "batch_stats": stats}, stream.data[i], mutable=["batch_stats"]
        )
        return acc + pred.mean(), updates["batch_stats"]

    def run(self, stream: StreamSource):
        total, self.batch_stats = jax.lax.fori_loop(
            0, len(stream), lambda i, c: self._consume(i, c, stream), (jnp.float32(0.0), self.batch_stats)
        )
        drift = jax.tree_util.tree_map(lambda s: jnp.abs(s).max(), self.batch_stats)
        return total, drift


def main():
    model = StreamNormalizer()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((8, 4)))
    learner = OnlineLearner(model, variables)
    learner.run(StreamSource(jax.random.PRNGKey(1), 5, 4))
    return None
