# label: ok
# flax-error: none
# class: 5 a factory returns the while_loop step function; the running stats go through the loop state and each step applies with mutable=['stats']
"""World-model observation encoder with a running observation normaliser, fixed: the factory's
step function carries the 'stats' collection in the while_loop state and applies the unbound
module with mutable=['stats'] at every step."""
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


def make_collect_step(model, params, observations):
    def step(state):
        t, total, stats = state
        z, updates = model.apply({"params": params, "stats": stats}, observations[t],
                                 mutable=["stats"])
        return t + 1, total + jnp.abs(z).mean(), updates["stats"]
    return step


def main():
    key = jax.random.PRNGKey(0)
    observations = 3.0 + 2.0 * jax.random.normal(key, (T, BATCH, OBS))
    model = ObsEncoder()
    variables = model.init(key, observations[0])
    step = make_collect_step(model, variables["params"], observations)
    _, total, stats = lax.while_loop(lambda s: s[0] < T, step, (0, 0.0, variables["stats"]))
    print(total, stats["RunningNorm_0"]["mean"] + 0.0)
    return None


if __name__ == "__main__":
    main()
