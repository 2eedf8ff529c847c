# label: same-values
# flax-error: none
# class: 1 the SGLD update is a closure in the module's langevin method that calls self.make_rng('langevin') inside the raw lax.fori_loop body
"""Short-run Langevin (SGLD) sampling from an energy-based model (Du & Mordatch 2019)."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class EnergyNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h)[..., 0]

    def langevin(self, x0, n_steps: int = 6, step_size: float = 0.01):
        energy_grad = jax.grad(lambda x: self(x).sum())

        def body(i, carry):
            x, noise_buf = carry
            noise = jax.random.normal(self.make_rng("langevin"), x.shape)
            x = x - step_size * energy_grad(x) + jnp.sqrt(2 * step_size) * noise
            return jnp.clip(x, -3.0, 3.0), noise_buf.at[i].set(noise)

        buf = jnp.zeros((n_steps,) + x0.shape)
        _, noise_buf = lax.fori_loop(0, n_steps, body, (x0, buf))
        return noise_buf


def main():
    ebm = EnergyNet()
    x0 = jax.random.uniform(jax.random.key(0), (5, 2), minval=-1, maxval=1)
    variables = ebm.init(jax.random.key(1), x0)
    return ebm.apply(
        variables, x0, method=EnergyNet.langevin, rngs={"langevin": jax.random.key(2)}
    )
