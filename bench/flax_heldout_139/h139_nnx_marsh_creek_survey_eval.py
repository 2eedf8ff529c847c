# label: ok
# flax-error: none
# class: 2 survey_creeks's local model (a CreekStage whose __call__ overrides Stage.__call__, switched to model.eval() first, so BatchNorm only reads its statistics) goes straight into the while_loop body
"""Salt marsh restoration: score tidal-creek transects for how well the channel network reopened.

Stages share a base class; the creek stage overrides __call__ to add its own activation on top
of the shared normalised projection.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Stage(nnx.Module):
    def __init__(self, d_in: int, d_out: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d_in, d_out, rngs=rngs)
        self.norm = nnx.BatchNorm(d_out, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return self.norm(self.proj(x))


class CreekStage(Stage):
    def __init__(self, d_in: int, d_out: int, *, rngs: nnx.Rngs):
        super().__init__(d_in, d_out, rngs=rngs)
        self.score = nnx.Linear(d_out, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(super().__call__(x))
        return nnx.sigmoid(self.score(h))[..., 0]


def survey_creeks(transects, *, seed: int = 0):
    model = CreekStage(transects.shape[-1], 12, rngs=nnx.Rngs(seed))
    model.eval()
    n = transects.shape[0]

    def unfinished(state):
        return state[0] < n

    def visit(state):
        i, reopened = state
        score = model(transects[i]).mean()
        return i + 1, reopened + (score > 0.5).astype(jnp.int32)

    _, reopened = lax.while_loop(unfinished, visit, (0, jnp.zeros((), jnp.int32)))
    return reopened


def main():
    # 6 transects x 10 stations x (depth, width, velocity, sediment, elevation)
    transects = jax.random.normal(jax.random.key(44), (6, 10, 5))
    print("reopened creeks", int(survey_creeks(transects)))
    return None


if __name__ == "__main__":
    main()
