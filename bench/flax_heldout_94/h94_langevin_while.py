# label: same-values
# flax-error: none
# class: 2 self.make_rng('langevin') is called inside the body of a raw jax.lax.while_loop
"""Energy-based model with an annealed Langevin sampler that stops after a fixed budget of steps
(a while_loop so the budget can later depend on convergence); the step noise comes from
self.make_rng inside the loop body. The sampler records the injected noise per step."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
STEPS = 4


class Energy(nn.Module):
    @nn.compact
    def __call__(self, x):
        return jnp.sum(nn.Dense(1)(nn.softplus(nn.Dense(8)(x))))


class Langevin(nn.Module):
    step_size: float = 0.01

    def setup(self):
        self.energy = Energy()

    def __call__(self, x0):
        if self.is_initializing():
            self.energy(x0)
        grad_e = jax.grad(lambda x: self.energy(x))

        def cond(state):
            return state[0] < STEPS

        def body(state):
            i, x, noises = state
            noise = jax.random.normal(self.make_rng("langevin"), x.shape)
            x = x - self.step_size * grad_e(x) + jnp.sqrt(2 * self.step_size) * noise
            return i + 1, x, noises.at[i].set(noise)

        _, x, noises = lax.while_loop(cond, body, (0, x0, jnp.zeros((STEPS,) + x0.shape)))
        return noises


def main():
    model = Langevin()
    x0 = jnp.zeros((3, 2))
    variables = model.init({"params": jax.random.PRNGKey(0), "langevin": jax.random.PRNGKey(1)}, x0)
    return model.apply(variables, x0, rngs={"langevin": jax.random.PRNGKey(7)})
