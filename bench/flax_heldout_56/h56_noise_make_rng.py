# label: same-values
# flax-error: none
# class: 1 a Linen diffusion sampler calls self.make_rng('noise') inside the body of a raw jax.lax.scan in its own __call__
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class NoiseSchedule(nn.Module):
    num_steps: int = 4
    beta: float = 0.1

    @nn.compact
    def __call__(self, x_T):
        drift = self.param("drift", nn.initializers.normal(0.1), (x_T.shape[-1],))

        def reverse_step(x, _):
            eps = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x - self.beta * drift * x + jnp.sqrt(self.beta) * eps
            return x, eps

        _, noises = lax.scan(reverse_step, x_T, None, length=self.num_steps)
        return noises


class Sampler:
    def __init__(self, seed=0):
        self.module = NoiseSchedule()
        self.variables = self.module.init({"params": jax.random.PRNGKey(seed), "noise": jax.random.PRNGKey(1)}, jnp.zeros((2, 3)))

    def sample_noise_trace(self, key):
        return self.module.apply(self.variables, jnp.zeros((2, 3)), rngs={"noise": key})


def main():
    return Sampler().sample_noise_trace(jax.random.PRNGKey(42))
