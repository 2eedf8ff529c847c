# label: ok
# flax-error: none
# class: 3 eval mode chosen before the loop: BatchNorm reads its running averages inside a raw lax.while_loop body of an apply-only refinement method
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    width: int = 8

    def setup(self):
        self.proj = nn.Dense(self.width)
        self.norm = nn.BatchNorm(momentum=0.9)

    def single(self, x, train: bool = True):
        return jnp.tanh(self.norm(self.proj(x), use_running_average=not train))

    def refine(self, x, tol):
        def cond(state):
            i, x, delta = state
            return (i < 5) & (delta > tol)

        def body(state):
            i, x, _ = state
            x_new = self.single(x, train=False)
            return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

        _, x, _ = jax.lax.while_loop(cond, body, (0, x, jnp.inf))
        return x


def main():
    model = Refiner()
    x = jnp.linspace(-1, 1, 32).reshape(4, 8)
    variables = model.init(jax.random.PRNGKey(0), x, method=Refiner.single)
    out = model.apply(variables, x, 1e-3, method=Refiner.refine)
    variables = jax.tree.map(lambda a: a + 0, variables)
    jax.block_until_ready(out)
    return None
