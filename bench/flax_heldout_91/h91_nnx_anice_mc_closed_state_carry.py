# label: ok
# flax-error: none
# class: 5 module-level run_chain() splits the proposal model, carries its state through the raw scan (merge a copy, call, return nnx.state) and updates the model after the loop
"""A-NICE-MC (Song et al. 2017): Metropolis-Hastings with a learned, volume-preserving (NICE)
proposal x' = f(x, v), v ~ N(0, I); the proposal net owns an Rngs stream for the auxiliary v."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


def log_target(x):
    return jnp.logaddexp(-0.5 * jnp.sum((x - 2.0) ** 2), -0.5 * jnp.sum((x + 2.0) ** 2))


class NICEProposal(nnx.Module):
    def __init__(self, dim=2, hidden=32, *, rngs: nnx.Rngs):
        self.m1 = nnx.Sequential(nnx.Linear(dim, hidden, rngs=rngs), nnx.relu,
                                 nnx.Linear(hidden, dim, rngs=rngs))
        self.m2 = nnx.Sequential(nnx.Linear(dim, hidden, rngs=rngs), nnx.relu,
                                 nnx.Linear(hidden, dim, rngs=rngs))
        self.rngs = rngs
        self.dim = dim

    def __call__(self, x):
        v = jax.random.normal(self.rngs.aux(), (self.dim,))
        v1 = v + self.m1(x)       # additive coupling layers: volume preserving
        x1 = x + self.m2(v1)
        return x1, v1, v


def run_chain(proposal, x0, n_steps, key):
    graphdef, state = nnx.split(proposal)

    def body(carry, k):
        x, state = carry
        m = nnx.merge(graphdef, state, copy=True)  # fresh objects, leave `proposal` untouched
        x_new, v_new, v = m(x)
        log_acc = log_target(x_new) - 0.5 * v_new @ v_new - log_target(x) + 0.5 * v @ v
        x = jnp.where(jnp.log(jax.random.uniform(k)) < log_acc, x_new, x)
        return (x, nnx.state(m)), v

    (_, state), aux_noise = scan(body, (x0, state), jax.random.split(key, n_steps))
    nnx.update(proposal, state)
    return aux_noise


def main():
    proposal = NICEProposal(rngs=nnx.Rngs(params=0, aux=1))
    aux_noise = run_chain(proposal, jnp.zeros((2,)), 8, jax.random.PRNGKey(2))
    return aux_noise
