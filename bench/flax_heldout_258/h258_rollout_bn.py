# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the Rollout object's `variables` attribute is read and reassigned with the mutated batch_stats inside the lax.scan body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

OBS_DIM = 6
N_ACTIONS = 3
HORIZON = 5


class PolicyNet(nn.Module):
    hidden: int = 16
    n_actions: int = N_ACTIONS

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(self.hidden)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.tanh(h)
        return nn.Dense(self.n_actions)(h)


def point_mass_step(state, action):
    push = jax.nn.one_hot(action, N_ACTIONS) @ jnp.ones((N_ACTIONS, OBS_DIM))
    next_state = 0.95 * state + 0.1 * push
    reward = -jnp.sum(next_state ** 2, axis=-1)
    return next_state, reward


class Rollout:
    def __init__(self, policy, variables):
        self.policy = policy
        self.variables = variables

    def run(self, obs0, horizon=HORIZON):
        def body(obs, _):
            logits, updates = self.policy.apply(self.variables, obs, mutable=["batch_stats"])
            self.variables = {**self.variables, **updates}
            action = jnp.argmax(logits, axis=-1)
            next_obs, reward = point_mass_step(obs, action)
            return next_obs, reward

        last_obs, rewards = lax.scan(body, obs0, None, length=horizon)
        return last_obs, rewards

    def evaluate(self, obs):
        logits = self.policy.apply(self.variables, obs, train=False)
        return jnp.argmax(logits, axis=-1)


def main():
    policy = PolicyNet()
    obs0 = jnp.linspace(-1.0, 1.0, 4 * OBS_DIM).reshape(4, OBS_DIM)
    variables = policy.init(jax.random.key(0), obs0, train=False)
    runner = Rollout(policy, variables)
    last_obs, rewards = runner.run(obs0)
    greedy_actions = runner.evaluate(last_obs)
    jax.block_until_ready((rewards, greedy_actions))
