# label: ok
# flax-error: none
# class: 5 the scan body is functools.partial(self.imagine_step, policy); the imagined beliefs leave as ys and are handed to the critic after the loop

import functools

import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.linen as nn

DETER, OBS = 6, 3


class BeliefDynamics(nn.Module):
    deter: int = DETER
    batch: int = 2

    def setup(self):
        self.embed = nn.Dense(self.deter)
        self.cell = nn.GRUCell(self.deter)
        self.belief = self.variable("buffer", "belief", lambda: jnp.zeros((self.batch, self.deter)))

    def observe(self, obs):
        h, _ = self.cell(self.belief.value, nn.relu(self.embed(obs)))
        self.belief.value = h
        return h

    def imagine_step(self, policy, h, _):
        action = policy(h)
        h, _ = self.cell(h, nn.relu(self.embed(action)))
        return h, h

    def imagine(self, policy, horizon):
        step = functools.partial(self.imagine_step, policy)
        _, beliefs = lax.scan(step, self.belief.value, None, length=horizon)
        return beliefs


def make_policy(key):
    w = 0.3 * jax.random.normal(key, (DETER, OBS))
    return lambda h: jnp.tanh(h @ w)


def critic_targets(beliefs, discount=0.95):
    values = jnp.mean(beliefs, axis=-1)
    weights = discount ** jnp.arange(beliefs.shape[0])
    return jnp.sum(values * weights[:, None], axis=0)


def main():
    model = BeliefDynamics()
    obs = jax.random.normal(jax.random.key(0), (2, OBS))
    variables = model.init(jax.random.key(1), obs, method=BeliefDynamics.observe)
    policy = make_policy(jax.random.key(2))
    beliefs = model.apply(variables, policy, 4, method=BeliefDynamics.imagine)
    jax.block_until_ready(critic_targets(beliefs))
