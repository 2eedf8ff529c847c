# label: same-values
# flax-error: none
# class: 4 a Langevin-style walk whose body calls a module-level step with the module; the step draws its noise with `module.make_rng`
import flax.linen as nn
import jax
import jax.numpy as jnp


def langevin_step(module, x, step_size):
    noise = jax.random.normal(module.make_rng("noise"), x.shape)
    return x + step_size * noise, noise


class Walker(nn.Module):
    steps: int = 4

    @nn.compact
    def __call__(self, x0):
        def body(x, _):
            return langevin_step(self, x, 0.1)

        return jax.lax.scan(body, x0, None, length=self.steps)[1]


def main():
    model = Walker()
    x0 = jnp.zeros((3,))
    variables = model.init(jax.random.PRNGKey(0), x0)
    return model.apply(variables, x0, rngs={"noise": jax.random.PRNGKey(1)})
