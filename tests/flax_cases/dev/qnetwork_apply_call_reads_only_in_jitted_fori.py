# label: ok
# flax-error: none
# class: 4 `model.apply(variables, obs)` through `__call__` (which updates nothing) in a fori_loop body under `jax.jit(run_episode)`; only `act` would update the counter
import jax
import jax.numpy as jnp
import flax.linen as nn


class QNetwork(nn.Module):
    def setup(self):
        self.out = nn.Dense(2)
        self.counts = self.variable("counters", "action_counts", jnp.zeros, (2,))

    def __call__(self, obs):
        return self.out(obs)

    def act(self, obs):
        action = jnp.argmax(self(obs), axis=-1)
        self.counts.value = self.counts.value + jax.nn.one_hot(action, 2)
        return action


def run_episode(model, variables, obs0):
    def body(t, obs):
        action = model.apply(variables, obs)
        return jnp.roll(obs, action)
    return jax.lax.fori_loop(0, 5, body, obs0)


def main():
    model = QNetwork()
    obs = jnp.ones(4)
    variables = model.init(jax.random.key(0), obs)
    final_obs = jax.jit(run_episode, static_argnums=0)(model, variables, obs)
    jax.tree.map(lambda a: a + 0, (final_obs, variables))
