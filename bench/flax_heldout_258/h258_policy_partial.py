# label: same-values
# flax-error: none
# class: 5 a functools.partial of policy.apply with a fixed 'action' rng is built outside and called in the fori_loop body
import functools

import jax
import jax.numpy as jnp
import flax.linen as linen


class StochasticPolicy(linen.Module):
    n_actions: int = 4

    @linen.compact
    def __call__(self, obs):
        h = linen.relu(linen.Dense(16)(obs))
        logits = linen.Dense(self.n_actions)(h)
        action = jax.random.categorical(self.make_rng("action"), logits, axis=-1)
        return action, jax.nn.log_softmax(logits)


def collect_actions(policy_fn, obs, n_steps):
    buffer = jnp.zeros((n_steps, obs.shape[0]), dtype=jnp.int32)

    def body(t, buffer):
        action, _ = policy_fn(obs)
        return buffer.at[t].set(action)

    return jax.lax.fori_loop(0, n_steps, body, buffer)


def main():
    policy = StochasticPolicy()
    obs = jnp.full((3, 6), 0.1)
    params = policy.init({"params": jax.random.key(0), "action": jax.random.key(1)}, obs)
    act = functools.partial(policy.apply, params, rngs={"action": jax.random.key(7)})
    return collect_actions(act, obs, n_steps=8)
