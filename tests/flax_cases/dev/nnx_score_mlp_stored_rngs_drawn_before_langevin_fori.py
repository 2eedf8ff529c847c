# label: ok
# flax-error: none
# class: 2 an outside score model keeps its nnx.Rngs on self; the function running the fori_loop draws one key from it before the loop and the body folds in the step index
import jax
import jax.numpy as jnp
from flax import nnx

class ScoreMLP(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x):
        return self.out(nnx.silu(self.inp(x)))

def annealed_langevin(score, x, sigmas):
    key = score.rngs.sample()
    def body(i, x):
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + 0.01 * score(x) + 0.1 * z
    return jax.lax.fori_loop(0, sigmas.shape[0], body, x)

def main():
    annealed_langevin(ScoreMLP(2, rngs=nnx.Rngs(params=0, sample=1)), jnp.zeros((4, 2)), jnp.ones(6))
