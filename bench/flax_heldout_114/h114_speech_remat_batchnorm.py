# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointRefineBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the fori_loop body inside the enhancer's __call__ calls a block wrapped with nn.remat whose BatchNorm updates batch_stats under apply without mutable=
"""Speech enhancement by iterative refinement: the same residual conv block (wrapped in nn.remat
to save memory on long spectrograms) is applied N times with jax.lax.fori_loop. The block
normalises with BatchNorm; the validation pass applies the model in training mode and without
mutable=["batch_stats"].

Modelled on reports of remat-wrapped blocks with BatchNorm raising ModifyScopeVariableError
inside a hand-written loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_FRAMES = 20
N_FREQ = 8
N_ITERS = 3


class RefineBlock(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, spec, train):
        h = nn.Conv(self.channels, kernel_size=(3,))(spec)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.relu(h)
        return spec + nn.Conv(N_FREQ, kernel_size=(3,))(h)


class IterativeEnhancer(nn.Module):
    @nn.compact
    def __call__(self, noisy, train=True):
        block = nn.remat(RefineBlock, static_argnums=(2,))()
        if self.is_initializing():
            return block(noisy, train)

        def body(i, spec):
            return block(spec, train)

        return lax.fori_loop(0, N_ITERS, body, noisy)


def main():
    noisy = jax.random.normal(jax.random.key(0), (2, N_FRAMES, N_FREQ))
    model = IterativeEnhancer()
    variables = model.init(jax.random.key(1), noisy)
    clean = model.apply(variables, noisy)  # validation pass left in training mode
    print("output power", float(jnp.mean(clean**2)))
