# label: ok
# flax-error: none
# class: 4 PolicyServer -> ArmController -> the SafetyFilter's filter_state collection, carried through the fori_loop and returned by controller.act from apply(..., mutable=["filter_state"])
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
        self.safety = SafetyFilter(cfg.max_rate)
        self.filter_state = self.safety.init(key, obs)["filter_state"]

    def act(self, obs, filter_state):
        command = self.policy.apply(self.policy_params, obs)
        safe, updated = self.safety.apply({"filter_state": filter_state}, command, mutable=["filter_state"])
        return safe, updated["filter_state"]


class PolicyServer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.controller = ArmController(cfg, jax.random.key(0))

    def run_episode(self, q0):
        def body(t, carry):
            q, filter_state = carry
            safe, filter_state = self.controller.act(q, filter_state)
            return q + 0.1 * safe, filter_state

        q_final, filter_state = lax.fori_loop(0, self.cfg.horizon, body, (q0, self.controller.filter_state))
        self.controller.filter_state = filter_state
        return q_final, jnp.abs(filter_state["last_command"]).max()


def main():
    server = PolicyServer(ArmConfig())
    q_final, peak_rate = server.run_episode(jnp.full((4,), 0.3))
    peak_rate.block_until_ready()
    return None
