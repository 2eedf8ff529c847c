# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 learned Kalman-style tracker counts updates in a setup 'stats' variable written by a _filter_update helper the fori_loop body calls; init stores the loop's tracer and apply trips on it
"""A learned linear-Gaussian filter (KalmanNet-like): the gain comes from a small network
and the module keeps an update counter in a 'stats' collection. The filter loop is a
jax.lax.fori_loop whose body calls the _filter_update helper. init runs the loop too (with a
one-step sequence), so the counter it returns was last written inside the loop body."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class LearnedFilter(nn.Module):
    state_dim: int = 4

    def setup(self):
        self.transition = nn.Dense(self.state_dim, use_bias=False)
        self.gain_net = nn.Dense(self.state_dim)
        self.num_updates = self.variable("stats", "num_updates", lambda: jnp.zeros((), jnp.int32))

    def _filter_update(self, mean, obs):
        pred = self.transition(mean)
        gain = nn.sigmoid(self.gain_net(jnp.concatenate([pred, obs], -1)))
        self.num_updates.value += 1
        return pred + gain * (obs - pred)

    def __call__(self, observations):
        mean = jnp.zeros(observations.shape[1:])

        def body(t, mean):
            return self._filter_update(mean, observations[t])

        mean = self._filter_update(mean, observations[0])
        return lax.fori_loop(1, observations.shape[0], body, mean)


def main():
    model = LearnedFilter()
    obs = jax.random.normal(jax.random.PRNGKey(0), (6, 2, 4))
    variables = model.init(jax.random.PRNGKey(1), obs[:1])
    final, stats = model.apply(variables, obs, mutable=["stats"])
    assert final.shape == (2, 4)
    return None
