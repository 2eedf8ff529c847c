# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a while_loop runs until the option terminates; the body closure in __call__ calls self.rngs.option() to sample the termination
"""Option execution until termination: the active option acts until its beta head fires (or a step cap)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Option(nnx.Module):
    def __init__(self, obs_dim, rngs: nnx.Rngs):
        self.policy = nnx.Linear(obs_dim, obs_dim, rngs=rngs)
        self.beta = nnx.Linear(obs_dim, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs, max_steps: int = 20):
        def cond(state):
            _, t, done = state
            return (~done) & (t < max_steps)

        def body(state):
            obs, t, _ = state
            obs = obs + 0.1 * jnp.tanh(self.policy(obs))
            p_term = jax.nn.sigmoid(self.beta(obs))[0]
            done = jax.random.bernoulli(self.rngs.option(), p_term)
            return obs, t + 1, done

        obs, t, _ = lax.while_loop(cond, body, (obs, jnp.int32(0), jnp.bool_(False)))
        return obs, t


def main():
    opt = Option(5, nnx.Rngs(params=0, option=1))
    obs, t = opt(jnp.ones((5,)))
    t.block_until_ready()
