# label: same-values
# flax-error: none
# class: 4 a module-level factory closes over a setup submodule; the step it makes, the raw scan body, calls `diffusion.make_rng`
import jax
import jax.numpy as jnp
import flax.linen as nn

class Diffusion(nn.Module):
    @nn.compact
    def __call__(self, z):
        return nn.sigmoid(nn.Dense(z.shape[-1])(z))

def make_em_step(diffusion, dt):
    def em_step(z, t):
        dw = jnp.sqrt(dt) * jax.random.normal(diffusion.make_rng("brownian"), z.shape)
        return z + diffusion(z) * dw, dw
    return em_step

class LatentSDE(nn.Module):
    def setup(self):
        self.diffusion = Diffusion()

    def __call__(self, z0):
        return self.diffusion(z0)

    def integrate(self, z0):
        step = make_em_step(self.diffusion, 0.1)
        return jax.lax.scan(step, z0, jnp.arange(5))[1]


def main():
    model = LatentSDE()
    z0 = jnp.ones((4,))
    variables = model.init(jax.random.key(0), z0)
    return model.apply(variables, z0, method="integrate", rngs={"brownian": jax.random.key(1)})
