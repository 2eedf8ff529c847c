# label: same-values
# flax-error: none
# class: 1 a Linen generator method calls self.make_rng('latent') inside the body of a raw lax.scan that walks a latent trajectory
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class TrajectoryGenerator(nn.Module):
    latent_dim: int = 8
    steps: int = 5

    def setup(self):
        self.decoder = nn.Dense(12)

    def __call__(self, z):
        return self.decoder(z)

    def walk(self, z0, step_size=0.1):
        def body(z, _):
            eps = jax.random.normal(self.make_rng("latent"), z.shape)
            z = z + step_size * eps
            return z, eps

        _, eps = lax.scan(body, z0, None, length=self.steps)
        return eps


def main():
    gen = TrajectoryGenerator()
    z0 = jnp.zeros((2, 8))
    variables = gen.init(jax.random.key(0), z0)
    return gen.apply(variables, z0, method=TrajectoryGenerator.walk, rngs={"latent": jax.random.key(3)})
