# label: same-values
# flax-error: none
# class: 1 the raw fori_loop body inside a Linen method draws its noise from self.make_rng('langevin'), traced once for every iteration
"""Annealed Langevin dynamics sampler for a score network (NCSN-style), written as a Linen method."""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_STEPS = 12


class ScoreNet(nn.Module):
    dim: int = 2

    def setup(self):
        self.hidden = nn.Dense(64)
        self.out = nn.Dense(self.dim)

    def __call__(self, x, sigma):
        h = nn.softplus(self.hidden(jnp.concatenate([x, jnp.log(sigma) * jnp.ones_like(x[:, :1])], -1)))
        return self.out(h) / sigma

    def langevin(self, x, sigma=0.5, step_size=1e-2):
        noises = jnp.zeros((N_STEPS,) + x.shape)

        def body(i, carry):
            x, noises = carry
            z = jax.random.normal(self.make_rng("langevin"), x.shape)
            x = x + step_size * self(x, sigma) + jnp.sqrt(2.0 * step_size) * z
            return x, noises.at[i].set(z)

        x, noises = jax.lax.fori_loop(0, N_STEPS, body, (x, noises))
        return x, noises


def main():
    model = ScoreNet()
    x0 = jax.random.uniform(jax.random.PRNGKey(0), (32, 2))
    variables = model.init(jax.random.PRNGKey(1), x0, 1.0)
    _, noises = model.apply(variables, x0, method=ScoreNet.langevin,
                            rngs={"langevin": jax.random.PRNGKey(3)})
    return noises
