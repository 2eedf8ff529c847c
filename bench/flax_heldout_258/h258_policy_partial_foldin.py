# label: ok
# flax-error: none
# class: 5 a functools.partial of policy.apply is built outside; the fori_loop body passes it an 'action' rng folded with the step index
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


def collect_actions(policy_fn, obs, n_steps, key):
    buffer = jnp.zeros((n_steps, obs.shape[0]), dtype=jnp.int32)

    def body(t, buffer):
        action, _ = policy_fn(obs, rngs={"action": jax.random.fold_in(key, t)})
        return buffer.at[t].set(action)

    return jax.lax.fori_loop(0, n_steps, body, buffer)


def main():
    policy = StochasticPolicy()
    obs = jnp.full((3, 6), 0.1)
    params = policy.init({"params": jax.random.key(0), "action": jax.random.key(1)}, obs)
    act = functools.partial(policy.apply, params)
    return collect_actions(act, obs, n_steps=8, key=jax.random.key(7))
