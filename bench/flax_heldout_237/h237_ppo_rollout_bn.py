# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the agent's batch_stats are reached as trainer.runner.agent_state and reassigned by runner.policy_step inside the fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

OBS_DIM = 4
ACT_DIM = 2
HORIZON = 6


class ActorCritic(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(self.hidden)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.tanh(h)
        mean = nn.Dense(ACT_DIM, name="actor")(h)
        value = nn.Dense(1, name="critic")(h)
        return mean, value[..., 0]


def env_step(obs, action):
    drift = jnp.concatenate([action, -action], axis=-1)
    next_obs = 0.9 * obs + 0.1 * drift
    reward = -jnp.sum(next_obs**2, axis=-1)
    return next_obs, reward


class RolloutRunner:
    def __init__(self, model, agent_state):
        self.model = model
        self.agent_state = agent_state

    def policy_step(self, obs):
        (mean, value), updates = self.model.apply(
            self.agent_state, obs, train=True, mutable=["batch_stats"]
        )
        self.agent_state = {**self.agent_state, "batch_stats": updates["batch_stats"]}
        return mean, value


class Trainer:
    def __init__(self, model, variables):
        self.runner = RolloutRunner(model, variables)

    def collect(self, obs0):
        batch = obs0.shape[0]
        buffers = (
            jnp.zeros((HORIZON, batch, OBS_DIM)),
            jnp.zeros((HORIZON, batch)),
            jnp.zeros((HORIZON, batch)),
        )

        def body(t, carry):
            obs, (obs_buf, rew_buf, val_buf) = carry
            action, value = self.runner.policy_step(obs)
            next_obs, reward = env_step(obs, action)
            obs_buf = obs_buf.at[t].set(obs)
            rew_buf = rew_buf.at[t].set(reward)
            val_buf = val_buf.at[t].set(value)
            return next_obs, (obs_buf, rew_buf, val_buf)

        last_obs, buffers = lax.fori_loop(0, HORIZON, body, (obs0, buffers))
        return last_obs, buffers

    def bootstrap_value(self, obs):
        _, value = self.runner.model.apply(self.runner.agent_state, obs, train=False)
        return value


def main():
    model = ActorCritic()
    obs0 = jnp.ones((3, OBS_DIM))
    variables = model.init(jax.random.key(0), obs0)
    trainer = Trainer(model, variables)
    last_obs, (obs_buf, rew_buf, val_buf) = trainer.collect(obs0)
    last_value = trainer.bootstrap_value(last_obs)
    returns = rew_buf.sum(0) + last_value
    jax.block_until_ready((returns, val_buf))
    return None
