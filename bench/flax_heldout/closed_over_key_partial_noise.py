# label: same-values
# flax-error: none
# class: 4 module-level noisy step gets one RNG key through functools.partial and never folds in the step
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


def noisy_step(key, scale, x, _):
    noise = scale * jax.random.normal(key, x.shape)
    return x + noise, noise


class NoisyDynamics(nn.Module):
    steps: int = 5

    @nn.compact
    def __call__(self, x0):
        scale = nn.softplus(self.param("log_scale", nn.initializers.zeros, ()))
        key = self.make_rng("dynamics")
        step = functools.partial(noisy_step, key, scale)
        _, noises = jax.lax.scan(step, x0, None, length=self.steps)
        return noises


def main():
    x0 = jnp.zeros((3,))
    model = NoisyDynamics()
    variables = model.init({"params": jax.random.PRNGKey(0), "dynamics": jax.random.PRNGKey(1)}, x0)
    return model.apply(variables, x0, rngs={"dynamics": jax.random.PRNGKey(2)})
