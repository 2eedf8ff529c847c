# label: ok
# flax-error: none
# class: 1 LuongDecoder.__call__ runs the teacher-forced scan itself; each step's attention weights leave the body as scan ys and are sown into 'intermediates' after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax

VOCAB = 10
HID = 16
PAD = 0


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, src):
        x = nn.Embed(VOCAB, HID)(src)
        return nn.tanh(nn.Dense(HID)(x))


class LuongDecoder(nn.Module):
    hidden: int = HID

    @nn.compact
    def __call__(self, enc_out, tgt_in):
        H = self.hidden
        init = nn.initializers.lecun_normal()
        w_x = self.param("w_x", init, (H, 3 * H))
        w_h = self.param("w_h", init, (H, 3 * H))
        b = self.param("b", nn.initializers.zeros, (3 * H,))
        w_score = self.param("w_score", init, (H, H))
        w_combine = self.param("w_combine", init, (2 * H, H))
        emb = nn.Embed(VOCAB, H)(tgt_in)
        out_proj = nn.Dense(VOCAB)
        keys = enc_out @ w_score

        def gru(h, x):
            gx, gh = x @ w_x + b, h @ w_h
            r = nn.sigmoid(gx[:, :H] + gh[:, :H])
            z = nn.sigmoid(gx[:, H : 2 * H] + gh[:, H : 2 * H])
            n = jnp.tanh(gx[:, 2 * H :] + r * gh[:, 2 * H :])
            return (1 - z) * n + z * h

        def step(h, x_t):
            h = gru(h, x_t)
            weights = nn.softmax(jnp.einsum("bh,bsh->bs", h, keys), axis=-1)
            context = jnp.einsum("bs,bsh->bh", weights, enc_out)
            attn_h = jnp.tanh(jnp.concatenate([h, context], axis=-1) @ w_combine)
            return h, (attn_h, weights)

        h0 = enc_out.mean(axis=1)
        _, (attn_hs, weights) = jax.lax.scan(step, h0, jnp.swapaxes(emb, 0, 1))
        self.sow("intermediates", "alignment", jnp.swapaxes(weights, 0, 1))
        return out_proj(jnp.swapaxes(attn_hs, 0, 1))


class Translator(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = LuongDecoder()

    def __call__(self, src, tgt_in):
        return self.decoder(self.encoder(src), tgt_in)


def alignment_entropy(alignment):
    return -(alignment * jnp.log(alignment + 1e-9)).sum(-1).mean()


def main():
    src = jax.random.randint(jax.random.key(1), (3, 6), 1, VOCAB)
    tgt = jax.random.randint(jax.random.key(2), (3, 5), 1, VOCAB)
    tgt_in = jnp.concatenate([jnp.full((3, 1), PAD), tgt[:, :-1]], axis=1)
    model = Translator()
    params = model.init(jax.random.key(0), src, tgt_in)["params"]
    logits, state = model.apply({"params": params}, src, tgt_in, mutable=["intermediates"])
    alignment = jnp.stack(state["intermediates"]["decoder"]["alignment"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, tgt).mean()
    jax.block_until_ready((loss, alignment_entropy(alignment)))
