# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 PolicyServer -> ArmController -> self.safety, a SafetyFilter bound with mutable=["filter_state"]; the fori_loop body calls controller.act, which writes the filter's last command
"""Robot arm policy server: a policy proposes joint velocities, a rate-limiting safety filter clips them."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ArmConfig:
    joints: int = 4
    max_rate: float = 0.2
    horizon: int = 10


class JointPolicy(nn.Module):
    joints: int

    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(self.joints)(nn.relu(nn.Dense(16)(obs))))


class SafetyFilter(nn.Module):
    max_rate: float

    @nn.compact
    def __call__(self, command):
        last = self.variable("filter_state", "last_command", jnp.zeros_like, command)
        safe = last.value + jnp.clip(command - last.value, -self.max_rate, self.max_rate)
        last.value = safe
        return safe


class ArmController:
    def __init__(self, cfg, key):
        obs = jnp.zeros((cfg.joints,))
        self.policy = JointPolicy(cfg.joints)
        self.policy_params = self.policy.init(key, obs)
        filt = SafetyFilter(cfg.max_rate)
        self.safety = filt.bind(filt.init(key, obs), mutable=["filter_state"])

    def act(self, obs):
        return self.safety(self.policy.apply(self.policy_params, obs))


class PolicyServer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.controller = ArmController(cfg, jax.random.key(0))

    def run_episode(self, q0):
        def body(t, q):
            return q + 0.1 * self.controller.act(q)

        q_final = lax.fori_loop(0, self.cfg.horizon, body, q0)
        last = self.controller.safety.variables["filter_state"]["last_command"]
        return q_final, jnp.abs(last).max()


def main():
    server = PolicyServer(ArmConfig())
    q_final, peak_rate = server.run_episode(jnp.full((4,), 0.3))
    peak_rate.block_until_ready()
    return None
