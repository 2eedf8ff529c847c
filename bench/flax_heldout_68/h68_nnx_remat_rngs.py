# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a jax.checkpoint-wrapped scan body calls the pipeline's Jitter stage, which pulls keys from the nnx.Rngs stream it stores
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Jitter(nnx.Module):
    def __init__(self, scale, *, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def __call__(self, x):
        return self.scale * jax.random.uniform(self.rngs.jitter(), x.shape, minval=-1.0, maxval=1.0)


class Encoder(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.fc = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return nnx.tanh(self.fc(x))


class AugmentedRollout:
    def __init__(self, jitter, encoder):
        self.jitter = jitter
        self.encoder = encoder

    def run(self, x0, steps):
        @jax.checkpoint
        def body(x, _):
            j = self.jitter(x)
            return self.encoder(x + j), j

        _, jitters = jax.lax.scan(body, x0, None, length=steps)
        return jitters


def main():
    rngs = nnx.Rngs(params=0, jitter=1)
    rollout = AugmentedRollout(Jitter(0.1, rngs=rngs), Encoder(4, rngs=rngs))
    return rollout.run(jnp.ones((2, 4)), 5)
