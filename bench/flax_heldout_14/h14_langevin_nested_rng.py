# label: same-values
# flax-error: none
# class: 4 nested loops: self.make_rng inside an inner fori_loop body that sits inside an outer raw scan over chains
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen


class Energy(linen.Module):
    @linen.compact
    def __call__(self, x):
        return 0.5 * jnp.sum((linen.Dense(1, use_bias=False)(x)) ** 2)


class LangevinChains(linen.Module):
    inner_steps: int = 3
    step_size: float = 0.05

    def setup(self):
        self.energy = Energy()

    def __call__(self, x):
        return self.energy(x)

    def sample(self, x0, n_outer):
        grad_e = jax.grad(lambda x: self.energy(x))

        def outer(x, _):
            def inner(i, state):
                x, injected = state
                noise = jax.random.normal(self.make_rng("langevin"), x.shape)
                x = x - self.step_size * grad_e(x) + jnp.sqrt(2 * self.step_size) * noise
                return x, injected + noise

            x_new, injected = lax.fori_loop(0, self.inner_steps, inner, (x, jnp.zeros_like(x)))
            return x_new, injected

        _, injected = lax.scan(outer, x0, None, length=n_outer)
        return injected


def main():
    m = LangevinChains()
    x0 = jnp.zeros(3)
    v = m.init(jax.random.PRNGKey(0), x0)
    noise = m.apply(v, x0, 4, method=LangevinChains.sample, rngs={"langevin": jax.random.PRNGKey(5)})
    return noise
