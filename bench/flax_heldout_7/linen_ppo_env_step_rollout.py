# label: ok
# flax-error: none
# class: 3 purejaxrl-style _env_step: network.apply(train_state.params, ...) inside the raw scan, rng split from the carry
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training.train_state import TrainState


class ActorCritic(nn.Module):
    n_actions: int = 3

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32)(obs))
        return nn.Dense(self.n_actions)(h), nn.Dense(1)(h).squeeze(-1)


def make_rollout(network, n_steps):
    def _env_step(runner_state, unused):
        train_state, obs, rng = runner_state
        rng, act_rng = jax.random.split(rng)
        logits, value = network.apply(train_state.params, obs)
        action = jax.random.categorical(act_rng, logits)
        obs = obs + 0.1 * (action[:, None] - 1.0)  # toy environment
        return (train_state, obs, rng), (action, value)

    def rollout(runner_state):
        return jax.lax.scan(_env_step, runner_state, None, n_steps)
    return rollout


def main():
    net = ActorCritic()
    obs = jnp.zeros((4, 5))
    params = net.init(jax.random.PRNGKey(0), obs)
    ts = TrainState.create(apply_fn=net.apply, params=params, tx=optax.adam(3e-4))
    _, (actions, values) = jax.jit(make_rollout(net, 12))((ts, obs, jax.random.PRNGKey(1)))
    return actions
