# label: same-values
# flax-error: none
# class: 3 Langevin sampler draws self.make_rng noise inside a raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class EnergyModel(nn.Module):
    @nn.compact
    def __call__(self, x):
        return jnp.sum(nn.Dense(1)(nn.tanh(nn.Dense(16)(x))))

    def langevin(self, x0, n_steps: int = 6, step_size: float = 0.01):
        def body(x, _):
            g = jax.grad(lambda z: self(z))(x)
            noise = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x - step_size * g + jnp.sqrt(2 * step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(body, x0, None, length=n_steps)
        return noises


def main():
    x0 = jnp.zeros((4,))
    model = EnergyModel()
    variables = model.init(jax.random.PRNGKey(0), x0)
    return model.apply(variables, x0, method=EnergyModel.langevin,
                       rngs={"noise": jax.random.PRNGKey(7)})
