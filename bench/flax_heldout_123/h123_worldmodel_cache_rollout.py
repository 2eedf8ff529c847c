# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_h" in "/core" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 WorldModel.rollout's fori_loop body calls self.core.remember, which writes the 'cache' collection of the core submodule (apply without mutable)
"""Recurrent world model with a cached last hidden state for the policy: WorldModel.rollout runs
the dynamics with lax.fori_loop and, in the body, self.core.remember(h) stores the latest hidden
state in a 'cache' variable of the core. The rollout is applied with the variables from init and
no mutable collections."""
import jax
import jax.numpy as jnp
import flax.linen as nn

HID, ACT, OBS, HORIZON = 24, 2, 6, 15


class Core(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(features=HID)
        self.last_h = self.variable("cache", "last_h", jnp.zeros, (HID,))

    def step(self, h, a):
        h, _ = self.cell(h, a)
        return h

    def remember(self, h):
        self.last_h.value = h


class WorldModel(nn.Module):
    def setup(self):
        self.core = Core()
        self.decoder = nn.Dense(OBS)

    def __call__(self, h, a):
        h = self.core.step(h, a)
        self.core.remember(h)
        return h, self.decoder(h)

    def rollout(self, h, actions):
        def body(t, carry):
            h, obs = carry
            h = self.core.step(h, actions[t])
            self.core.remember(h)
            return h, obs.at[t].set(self.decoder(h))

        return jax.lax.fori_loop(0, HORIZON, body, (h, jnp.zeros((HORIZON, OBS))))


def main():
    key = jax.random.PRNGKey(0)
    actions = jax.random.uniform(key, (HORIZON, ACT), minval=-1.0, maxval=1.0)
    model = WorldModel()
    variables = model.init(key, jnp.zeros((HID,)), actions[0])
    h, predicted = model.apply(variables, jnp.zeros((HID,)), actions, method=WorldModel.rollout)
    print(predicted.shape)
    return None


if __name__ == "__main__":
    main()
