# label: ok
# flax-error: none
# class: 2 the world model local to main is split; the merged model's state is returned as the scan carry and written back with nnx.update
"""Stateful NNX recurrent world model, fixed: the scan body returns nnx.state(m) as the new
carry, and the final carry is written back to the model with nnx.update after the loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

ACT, HID, OBS, HORIZON = 3, 24, 8, 12


class HiddenState(nnx.Variable):
    pass


class WorldModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(ACT, HID, rngs=rngs)
        self.decoder = nnx.Linear(HID, OBS, rngs=rngs)
        self.h = HiddenState(jnp.zeros((HID,)))

    def step(self, action):
        h, _ = self.cell(self.h[...], action)
        self.h[...] = h
        return self.decoder(h)


def main():
    actions = jax.random.uniform(jax.random.PRNGKey(0), (HORIZON, ACT), minval=-1, maxval=1)
    world = WorldModel(nnx.Rngs(0))
    graphdef, state = nnx.split(world)

    def body(state, action):
        m = nnx.merge(graphdef, state)
        obs = m.step(action)
        return nnx.state(m), obs

    state, predicted = jax.lax.scan(body, state, actions)
    nnx.update(world, state)
    next_obs = world.step(jnp.zeros((ACT,)))
    print(predicted.shape, next_obs.shape)
    return None


if __name__ == "__main__":
    main()
