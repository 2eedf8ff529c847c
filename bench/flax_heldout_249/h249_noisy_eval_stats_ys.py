# label: ok
# flax-error: none
# class: 5 the scan body comes from a step factory looked up in the STEP_FNS decorator registry; the max Q values leave as ys and evaluate adds them to 'stats' after the loop

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

STEP_FNS = {}


def register_step(name):
    def wrap(factory):
        STEP_FNS[name] = factory
        return factory
    return wrap


class NoisyHead(nn.Module):
    features: int
    sigma0: float = 0.4

    @nn.compact
    def __call__(self, x, deterministic=True):
        din = x.shape[-1]
        mu = nn.Dense(self.features, name="mu")(x)
        sigma_w = self.param("sigma_w", nn.initializers.constant(self.sigma0 / din ** 0.5),
                             (din, self.features))
        if deterministic:
            return mu
        eps = jax.random.normal(self.make_rng("noise"), (din, self.features))
        return mu + x @ (sigma_w * eps)


class DuelingNoisyQ(nn.Module):
    actions: int = 3

    def setup(self):
        self.torso = nn.Dense(16)
        self.value = NoisyHead(1)
        self.advantage = NoisyHead(self.actions)
        self.q_sum = self.variable("stats", "q_sum", lambda: jnp.zeros(()))
        self.q_count = self.variable("stats", "q_count", lambda: jnp.zeros(()))

    def __call__(self, obs, deterministic=True):
        z = nn.relu(self.torso(obs))
        v = self.value(z, deterministic)
        a = self.advantage(z, deterministic)
        return v + a - a.mean(-1, keepdims=True)

    def evaluate(self, trajectory, mode="greedy"):
        step = STEP_FNS[mode](self)
        _, (actions, q_max) = lax.scan(step, None, trajectory)
        self.q_sum.value = self.q_sum.value + q_max.sum()
        self.q_count.value = self.q_count.value + q_max.shape[0]
        return actions


@register_step("greedy")
def greedy_step(net):
    def step(carry, obs):
        q = net(obs)
        return carry, (jnp.argmax(q), q.max())
    return step


def main():
    net = DuelingNoisyQ()
    trajectory = jax.random.normal(jax.random.key(0), (6, 4))
    variables = net.init(jax.random.key(1), trajectory[0])
    actions, updates = net.apply(variables, trajectory, method=DuelingNoisyQ.evaluate,
                                 mutable=["stats"])
    stats = updates["stats"]
    mean_q = stats["q_sum"] / stats["q_count"]
    jax.block_until_ready((actions, mean_q))
