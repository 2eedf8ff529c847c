# label: ok
# flax-error: none
# class: 5 ancestral diffusion sampler: one make_rng before the scan, fold_in(key, step) in the body
"""Shape from flax diffusion codebases: a denoiser built by __call__, a `sample` method run with
apply(..., method=...) drawing noise from fold_in(base_key, t) at each reverse step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Denoiser(nn.Module):
    dim: int = 4
    n_steps: int = 6

    def setup(self):
        self.net = nn.Sequential([nn.Dense(16), nn.gelu, nn.Dense(self.dim)])

    def __call__(self, x, t):
        return self.net(jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1))

    def sample(self, x_T):
        base = self.make_rng("sample")
        betas = jnp.linspace(1e-4, 0.02, self.n_steps)

        def reverse_step(x, t):
            eps = self(x, t.astype(jnp.float32))
            noise = jax.random.normal(jax.random.fold_in(base, t), x.shape)
            x = (x - betas[t] * eps) / jnp.sqrt(1 - betas[t]) + jnp.sqrt(betas[t]) * noise
            return x, noise

        _, noises = jax.lax.scan(reverse_step, x_T, jnp.arange(self.n_steps)[::-1])
        return noises


def main():
    model = Denoiser()
    x = jnp.zeros((2, 4))
    variables = model.init(jax.random.PRNGKey(0), x, jnp.ones(()))
    noises = model.apply(variables, x, method=Denoiser.sample, rngs={"sample": jax.random.PRNGKey(5)})
    return noises
