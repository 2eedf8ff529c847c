# label: same-values
# flax-error: none
# class: 3 make_rng('noise') drawn in a lax.cond branch inside the raw lax.scan of a Langevin sampler
import jax
import jax.numpy as jnp
import flax.linen as nn


class EnergyModel(nn.Module):
    step_size: float = 0.01
    n_steps: int = 8

    @nn.compact
    def __call__(self, x):
        energy_net = nn.Sequential([nn.Dense(16), nn.swish, nn.Dense(1)])
        energy_net(x)
        score = jax.grad(lambda y: -jnp.sum(energy_net(y)))

        def noisy(y):
            return jax.random.normal(self.make_rng("noise"), y.shape)

        def quiet(y):
            return jnp.zeros_like(y)

        def langevin(y, t):
            eps = jax.lax.cond(t < self.n_steps - 1, noisy, quiet, y)
            y = y + self.step_size * score(y) + jnp.sqrt(2 * self.step_size) * eps
            return y, eps

        _, eps = jax.lax.scan(langevin, x, jnp.arange(self.n_steps))
        return eps[:-1]


def main():
    x = jnp.zeros((4, 2))
    ebm = EnergyModel()
    variables = ebm.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x)
    return ebm.apply(variables, x, rngs={"noise": jax.random.PRNGKey(7)})
