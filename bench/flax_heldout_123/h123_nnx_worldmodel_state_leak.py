# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,72] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the world model local to main is split; the scan body saves the merged model's state to a Python list and nnx.update writes the last one back after the loop
"""Stateful NNX recurrent world model (the GRU hidden state is an nnx.Variable). The user
splits the model, merges it in the jax.lax.scan body to step it, appends nnx.state(m) to a
Python list from the body, and after the loop restores the last saved state with nnx.update
before stepping the model once more from Python."""
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
    saved = []

    def body(state, action):
        m = nnx.merge(graphdef, state)
        obs = m.step(action)
        saved.append(nnx.state(m))
        return state, obs

    _, predicted = jax.lax.scan(body, state, actions)
    nnx.update(world, saved[-1])
    next_obs = world.step(jnp.zeros((ACT,)))
    print(predicted.shape, next_obs.shape)
    return None


if __name__ == "__main__":
    main()
