# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body hands a helper the nnx.Rngs made before the loop; the helper draws from its stream inside the body
import jax
import jax.numpy as jnp
from flax import nnx


def perturb(rngs, log_lr):
    return log_lr + jax.random.uniform(rngs.explore(), (), minval=-0.2, maxval=0.2)


def run_generations(log_lrs, generations, seed):
    rngs = nnx.Rngs(explore=seed)
    history = jnp.zeros((generations, log_lrs.shape[0]))

    def body(gen, state):
        lrs, hist = state
        new = jnp.stack([perturb(rngs, lrs[m]) for m in range(lrs.shape[0])])
        return new, hist.at[gen].set(new - lrs)

    return jax.lax.fori_loop(0, generations, body, (log_lrs, history))


def main():
    _, steps = run_generations(jnp.log(jnp.full(3, 0.05)), 4, 7)
    return steps
