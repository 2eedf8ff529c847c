# label: ok
# flax-error: none
# class: 3 iterative refinement with lifted nn.while_loop (carry_variables="cache"); refiner called once before the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    @nn.compact
    def __call__(self, x):
        steps = self.variable("cache", "steps", lambda: jnp.array(0, jnp.int32))
        steps.value += 1
        return x + 0.1 * nn.tanh(nn.Dense(x.shape[-1])(x))


class IterativeRefinement(nn.Module):
    max_iters: int = 5

    def setup(self):
        self.refiner = Refiner()

    def __call__(self, x):
        x = self.refiner(x)

        def cond_fn(mdl, carry):
            i, _ = carry
            return i < mdl.max_iters

        def body_fn(mdl, carry):
            i, x = carry
            return i + 1, mdl.refiner(x)

        _, x = nn.while_loop(cond_fn, body_fn, self, (jnp.array(1), x), carry_variables="cache")
        return x


def main():
    model = IterativeRefinement()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.PRNGKey(0), x)
    y, state = model.apply(variables, x, mutable=["cache"])
    print(y.shape, state["cache"]["refiner"]["steps"])
    y2, state = model.apply({"params": variables["params"], **state}, y, mutable=["cache"])
    print(state["cache"]["refiner"]["steps"])
    return None
