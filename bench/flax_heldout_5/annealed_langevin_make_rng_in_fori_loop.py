# label: same-values
# flax-error: none
# class: 1 NCSN-style annealed Langevin sampler calls self.make_rng('sample') directly in its inline fori_loop body
"""Score-based generative modelling (NCSN, Song & Ermon 2019): annealed Langevin dynamics
with a small noise-conditional score network. The Gaussian noise of every Langevin step is
drawn with self.make_rng inside the jax.lax.fori_loop body."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma) * jnp.ones_like(x[..., :1])], axis=-1)
        h = nn.swish(nn.Dense(32)(h))
        h = nn.swish(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h) / sigma


class NCSN(nn.Module):
    def setup(self):
        self.score = ScoreNet()

    def __call__(self, x, sigma):
        return self.score(x, sigma)

    def sample(self, x, sigma=0.5, step_size=0.01, num_steps=5):
        noises = jnp.zeros((num_steps,) + x.shape)

        def langevin_step(i, state):
            x, noises = state
            z = jax.random.normal(self.make_rng("sample"), x.shape)
            x = x + step_size * self.score(x, sigma) + jnp.sqrt(2 * step_size) * z
            return x, noises.at[i].set(z)

        x, noises = jax.lax.fori_loop(0, num_steps, langevin_step, (x, noises))
        return noises


def main():
    model = NCSN()
    x = jnp.zeros((2, 3))
    variables = model.init(jax.random.PRNGKey(0), x, 1.0)
    noises = model.apply(variables, x, rngs={"sample": jax.random.PRNGKey(1)}, method=NCSN.sample)
    return noises
