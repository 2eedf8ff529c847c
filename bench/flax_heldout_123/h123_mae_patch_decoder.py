# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[64,64] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the compact MAE.__call__ runs the scan itself and its decoder Dense layers are first created (initialised) inside the scan body
"""Masked autoencoder that decodes patch by patch to save memory: MAE.__call__ scans over the
patch positions and builds its decoder layers inline in the scan body, so model.init creates the
decoder parameters inside the scan. The masked reconstruction loss is then computed with apply."""
import jax
import jax.numpy as jnp
from flax import linen as nn

IMG, P, EMB = 16, 4, 32
NUM_PATCHES = (IMG // P) ** 2
MASK_RATIO = 0.75


def patchify(img):
    x = img.reshape(IMG // P, P, IMG // P, P).transpose(0, 2, 1, 3)
    return x.reshape(NUM_PATCHES, P * P)


class MAE(nn.Module):
    @nn.compact
    def __call__(self, patches, mask):
        pos = self.param("pos", nn.initializers.normal(0.02), (NUM_PATCHES, EMB))
        tokens = nn.Dense(EMB, name="patch_embed")(patches) + pos
        visible = (1.0 - mask)[:, None]
        latent = (tokens * visible).sum(0) / visible.sum()

        def decode(carry, pos_i):
            h = nn.gelu(nn.Dense(64, name="dec_hidden")(jnp.concatenate([latent, pos_i])))
            return carry, nn.Dense(P * P, name="dec_out")(h)

        _, recon = jax.lax.scan(decode, None, pos)
        return recon


def mae_loss(recon, patches, mask):
    err = ((recon - patches) ** 2).mean(-1)
    return (err * mask).sum() / mask.sum()


def main():
    k_img, k_mask, k_init = jax.random.split(jax.random.PRNGKey(0), 3)
    patches = patchify(jax.random.uniform(k_img, (IMG, IMG)))
    n_masked = int(MASK_RATIO * NUM_PATCHES)
    perm = jax.random.permutation(k_mask, NUM_PATCHES)
    mask = jnp.zeros((NUM_PATCHES,)).at[perm[:n_masked]].set(1.0)
    model = MAE()
    params = model.init(k_init, patches, mask)
    recon = model.apply(params, patches, mask)
    print(mae_loss(recon, patches, mask))
    return None


if __name__ == "__main__":
    main()
