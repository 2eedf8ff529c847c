# label: ok
# flax-error: none
# class: 4 a make_train factory returns a jitted function whose env-step scan body applies the actor-critic params from the runner state, keys passed as xs
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training.train_state import TrainState


class ActorCritic(nn.Module):
    action_dim: int

    @nn.compact
    def __call__(self, obs):
        a = nn.tanh(nn.Dense(32, name="actor_fc")(obs))
        logits = nn.Dense(self.action_dim, name="actor_out")(a)
        c = nn.tanh(nn.Dense(32, name="critic_fc")(obs))
        return logits, nn.Dense(1, name="critic_out")(c)[..., 0]


def env_reset(n):
    return jnp.zeros((n, 3))


def env_step(state, action):
    state = state + 0.1 * (action[:, None].astype(jnp.float32) - 1.0)
    reward = -jnp.sum(state ** 2, -1)
    return state, reward


def make_train(config):
    network = ActorCritic(action_dim=3)

    def train(rng):
        rng, init_rng = jax.random.split(rng)
        params = network.init(init_rng, jnp.zeros((1, 3)))
        ts = TrainState.create(apply_fn=network.apply, params=params, tx=optax.adam(config["LR"]))

        def _env_step(runner_state, step_key):
            ts, env_state = runner_state
            logits, value = ts.apply_fn(ts.params, env_state)
            action = jax.random.categorical(step_key, logits)
            env_state, reward = env_step(env_state, action)
            return (ts, env_state), (reward, value)

        keys = jax.random.split(rng, config["NUM_STEPS"])
        runner_state = (ts, env_reset(config["NUM_ENVS"]))
        runner_state, (rewards, values) = jax.lax.scan(_env_step, runner_state, keys)
        return rewards

    return train


def main():
    config = {"LR": 3e-4, "NUM_STEPS": 6, "NUM_ENVS": 4}
    return jax.jit(make_train(config))(jax.random.key(0))
