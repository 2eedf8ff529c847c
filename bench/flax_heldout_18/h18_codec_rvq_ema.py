# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 residual-VQ codebook EMA statistics are written by each quantizer of a list, reached from the aliased scan over audio chunks in stream(); the train step returns them with mutable=['vq_stats'] and the next step uses them
"""Neural audio codec with a streaming encoder and residual vector quantization with EMA codebooks."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CodecConfig:
    chunk: int = 8
    latent: int = 4
    codebook_size: int = 8
    num_quantizers: int = 2
    decay: float = 0.9


class EMAQuantizer(nn.Module):
    cfg: CodecConfig

    @nn.compact
    def __call__(self, z):
        init = lambda: jax.random.normal(jax.random.key(7), (self.cfg.codebook_size, self.cfg.latent))
        embed_sum = self.variable("vq_stats", "embed_sum", init)
        counts = self.variable("vq_stats", "counts", jnp.ones, (self.cfg.codebook_size,))
        codebook = embed_sum.value / counts.value[:, None]
        codes = jnp.argmin(jnp.sum((z[:, None] - codebook[None]) ** 2, -1), -1)
        onehot = jax.nn.one_hot(codes, self.cfg.codebook_size)
        if self.is_mutable_collection("vq_stats"):
            d = self.cfg.decay
            counts.value = d * counts.value + (1 - d) * onehot.sum(0)
            embed_sum.value = d * embed_sum.value + (1 - d) * onehot.T @ z
        quantized = codebook[codes]
        return z + jax.lax.stop_gradient(quantized - z), codes


class StreamingCodec(nn.Module):
    cfg: CodecConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.latent)
        self.quantizers = [EMAQuantizer(self.cfg) for _ in range(self.cfg.num_quantizers)]
        self.decoder = nn.Dense(self.cfg.chunk)

    def _quantize(self, z):
        residual, total = z, jnp.zeros_like(z)
        for quantizer in self.quantizers:
            q, _ = quantizer(residual)
            total, residual = total + q, residual - q
        return total

    def __call__(self, chunk):
        return self.decoder(self._quantize(self.encoder(chunk)))

    def stream(self, audio):
        chunks = audio.reshape(audio.shape[0], -1, self.cfg.chunk).swapaxes(0, 1)

        def encode_chunk(carry, chunk):
            return carry, self(chunk)

        _, recon = lax.scan(encode_chunk, None, chunks)
        return recon.swapaxes(0, 1).reshape(audio.shape)


def train_step(model, params, stats, audio):
    def loss_fn(p):
        recon, new_state = model.apply({"params": p, "vq_stats": stats}, audio,
                                       method=StreamingCodec.stream, mutable=["vq_stats"])
        return jnp.mean((recon - audio) ** 2), new_state["vq_stats"]
    (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads), stats, loss


def main():
    cfg = CodecConfig()
    model = StreamingCodec(cfg)
    audio = jnp.sin(jnp.linspace(0, 20, 2 * 32)).reshape(2, 32)
    variables = model.init(jax.random.key(0), audio[:, : cfg.chunk])
    params, stats = variables["params"], variables["vq_stats"]
    for _ in range(2):
        params, stats, loss = train_step(model, params, stats, audio)
    return None
