# label: ok
# flax-error: none
# class: 3 the fori_loop body hands a helper an nnx.Rngs it builds from the base key folded with the generation; the helper draws from that stream
import jax
import jax.numpy as jnp
from flax import nnx


def perturb(rngs, log_lr):
    return log_lr + jax.random.uniform(rngs.explore(), (), minval=-0.2, maxval=0.2)


def run_generations(log_lrs, generations, base_key):
    history = jnp.zeros((generations, log_lrs.shape[0]))

    def body(gen, state):
        lrs, hist = state
        gen_key = jax.random.fold_in(base_key, gen)
        new = jnp.stack([perturb(nnx.Rngs(explore=jax.random.fold_in(gen_key, m)), lrs[m]) for m in range(lrs.shape[0])])
        return new, hist.at[gen].set(new - lrs)

    return jax.lax.fori_loop(0, generations, body, (log_lrs, history))


def main():
    _, steps = run_generations(jnp.log(jnp.full(3, 0.05)), 4, jax.random.key(7))
    return steps
