# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory closes the step function over a module bound with mutable=['stats']; the while_loop body updates its running stats
"""World-model observation encoder with a running observation normaliser (a 'stats' collection).
The user binds the module once with mutable=['stats'], hands the bound module to a factory that
returns the collection step, runs it with lax.while_loop and then reads the updated normaliser
statistics from bound.variables."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

T, BATCH, OBS = 12, 16, 6


class RunningNorm(nn.Module):
    momentum: float = 0.95

    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("stats", "var", jnp.ones, x.shape[-1:])
        if not self.is_initializing():
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
            var.value = self.momentum * var.value + (1 - self.momentum) * x.var(0)
        return (x - mean.value) / jnp.sqrt(var.value + 1e-5)


class ObsEncoder(nn.Module):
    latent: int = 16

    @nn.compact
    def __call__(self, obs):
        return nn.tanh(nn.Dense(self.latent)(RunningNorm()(obs)))


def make_collect_step(encode, observations):
    def step(state):
        t, total = state
        z = encode(observations[t])
        return t + 1, total + jnp.abs(z).mean()
    return step


def main():
    key = jax.random.PRNGKey(0)
    observations = 3.0 + 2.0 * jax.random.normal(key, (T, BATCH, OBS))
    model = ObsEncoder()
    variables = model.init(key, observations[0])
    bound = model.bind(variables, mutable=["stats"])
    step = make_collect_step(bound, observations)
    _, total = lax.while_loop(lambda s: s[0] < T, step, (0, 0.0))
    stats = bound.variables["stats"]["RunningNorm_0"]
    print(total, stats["mean"] + 0.0)
    return None


if __name__ == "__main__":
    main()
