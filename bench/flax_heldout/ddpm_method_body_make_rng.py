# label: same-values
# flax-error: none
# class: 4 DDPM sampler scans over self.denoise_step, a method that draws its noise with make_rng
import flax.linen as nn
import jax
import jax.numpy as jnp


class DDPM(nn.Module):
    steps: int = 6

    def setup(self):
        self.eps_model = nn.Dense(2)
        self.betas = jnp.linspace(1e-3, 0.05, self.steps)

    def denoise_step(self, x, beta):
        z = jax.random.normal(self.make_rng("sample"), x.shape)
        x = (x - beta * self.eps_model(x)) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z
        return x, z

    def __call__(self, x_T):
        self.eps_model(x_T)
        _, zs = jax.lax.scan(self.denoise_step, x_T, self.betas[::-1])
        return zs


def main():
    x = jnp.ones((3, 2))
    model = DDPM()
    variables = model.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, x)
    return model.apply(variables, x, rngs={"sample": jax.random.PRNGKey(11)})
