# label: same-values
# flax-error: none
# class: 3 self.make_rng inside a lax.scan body of a sampler method run through apply(method=..., rngs=...)
import jax
import jax.numpy as jnp
import flax.linen as nn


class Denoiser(nn.Module):
    features: int = 4

    def setup(self):
        self.encode = nn.Dense(16)
        self.mid = nn.Dense(16)
        self.decode = nn.Dense(self.features)

    def __call__(self, x, sigma):
        h = nn.silu(self.encode(x)) * (1.0 + sigma)
        return self.decode(nn.silu(self.mid(h)))

    def euler_ancestral(self, x, sigmas):
        def step(x, sigma):
            denoised = self(x, sigma)
            noise = jax.random.normal(self.make_rng("sample"), x.shape)
            x = denoised + 0.1 * sigma * noise
            return x, noise

        return jax.lax.scan(step, x, sigmas)


def main():
    model = Denoiser()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x, 1.0)
    sigmas = jnp.linspace(1.0, 0.1, 6)
    _, noises = model.apply(variables, x, sigmas, method=Denoiser.euler_ancestral,
                            rngs={"sample": jax.random.key(7)})
    return noises
