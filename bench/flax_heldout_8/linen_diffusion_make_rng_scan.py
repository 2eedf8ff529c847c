# label: same-values
# flax-error: none
# class: 1 self.make_rng('noise') is called inside the inline raw scan body of the reverse-diffusion sampler
import jax
import jax.numpy as jnp
import flax.linen as nn


class DDPMSampler(nn.Module):
    steps: int = 8

    @nn.compact
    def __call__(self, x_T):
        eps_model = nn.Dense(x_T.shape[-1], name="eps")
        betas = jnp.linspace(1e-4, 0.02, self.steps)
        eps_model(x_T)

        def reverse(x, beta):
            z = jax.random.normal(self.make_rng("noise"), x.shape)
            x = (x - beta * eps_model(x)) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z
            return x, z

        _, zs = jax.lax.scan(reverse, x_T, betas[::-1])
        return zs


def main():
    sampler = DDPMSampler()
    x_T = jnp.zeros((2, 4))
    variables = sampler.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x_T)
    zs = sampler.apply(variables, x_T, rngs={"noise": jax.random.key(2)})
    return zs
