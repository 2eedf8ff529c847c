# label: ok
# flax-error: none
# class: 4 module methods as raw lax.while_loop cond/body; iteration count carried in the loop state and written to the variable after the loop
"""Structure-module-style iterative coordinate refinement, stopping on convergence (while_loop)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    max_iters: int = 8
    tol: float = 1e-3

    def setup(self):
        self.update_net = nn.Dense(3)
        self.n_iters = self.variable("diagnostics", "n_iters", lambda: jnp.zeros((), jnp.int32))

    def cond(self, state):
        i, _, delta = state
        return jnp.logical_and(i < self.max_iters, delta > self.tol)

    def step(self, state):
        i, coords, _ = state
        upd = 0.1 * jnp.tanh(self.update_net(coords))
        return i + 1, coords + upd, jnp.max(jnp.abs(upd))

    def __call__(self, coords):
        self.update_net(coords)
        n, coords, _ = jax.lax.while_loop(self.cond, self.step, (0, coords, jnp.inf))
        if self.is_mutable_collection("diagnostics"):
            self.n_iters.value = n
        return coords


def main():
    coords = jax.random.normal(jax.random.key(0), (10, 3))
    model = Refiner()
    variables = model.init(jax.random.key(1), coords[:1] * 0 + 100.0)
    _, diag = model.apply(variables, coords, mutable=["diagnostics"])
    return None
