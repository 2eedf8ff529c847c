# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local snapshots list in service_night() collects nnx.state of the model merged from the fori_loop carry; nnx.update uses the last one
"""Lighthouse maintenance: lamp degradation model refreshed through the night's rotations."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class LampWear(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.filament = nnx.Linear(3, 4, rngs=rngs)
        self.norm = nnx.BatchNorm(4, momentum=0.5, rngs=rngs)
        self.lumens = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.lumens(self.norm(nnx.tanh(self.filament(readings)))))[:, 0]


def service_night(model: LampWear, rotations):
    model.train()
    graphdef, state = nnx.split(model)
    snapshots = []

    def rotation(i, state):
        lamp = nnx.merge(graphdef, state)
        lamp(rotations[i])
        snapshots.append(nnx.state(lamp))
        return nnx.state(lamp)

    lax.fori_loop(0, rotations.shape[0], rotation, state)
    nnx.update(model, snapshots[-1])
    model.eval()
    return model(rotations[-1]).mean()


def main():
    rotations = jax.random.normal(jax.random.key(12), (20, 6, 3))
    brightness = service_night(LampWear(nnx.Rngs(0)), rotations)
    print(f"dawn brightness {float(brightness):.3f}")
    return None
