# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a BatchNorm submodule bound to the outer scope is called from the raw scan body over frames; its batch_stats update is kept
"""Speech enhancement with a recurrent spectral mask: the frame loop of the model uses
jax.lax.scan and the normalisation layer is shared across frames, applied with
mutable=['batch_stats'] during training."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentMasker(nn.Module):
    freq: int = 8
    hidden: int = 12

    @nn.compact
    def __call__(self, spec, train: bool = True):
        norm = nn.BatchNorm(use_running_average=not train, name="frame_norm")
        rnn = nn.SimpleCell(self.hidden, name="rnn")
        proj = nn.Dense(self.freq, name="mask")
        h = jnp.zeros((spec.shape[1], self.hidden))
        norm(spec[0]); rnn(h, spec[0]); proj(h)  # create parameters up front

        def frame(h, s_t):
            s_t = norm(s_t)
            h, _ = rnn(h, s_t)
            return h, nn.sigmoid(proj(h))

        _, masks = jax.lax.scan(frame, h, spec)
        return spec * masks


def main():
    model = RecurrentMasker()
    noisy = jnp.abs(jnp.sin(jnp.arange(5 * 2 * 8, dtype=jnp.float32))).reshape(5, 2, 8)
    variables = model.init(jax.random.key(0), noisy, train=False)
    enhanced, updates = model.apply(variables, noisy, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    jax.tree.map(lambda a: a * 1.0, variables)
    enhanced, _ = model.apply(variables, noisy, mutable=["batch_stats"])
    enhanced.block_until_ready()
    return None
