# label: ok
# flax-error: none
# class: 1 the noisy top-k router's own method runs the scan over routing samples; it calls self.make_rng("gating") once before the loop and the body folds the sample index into that key
"""Click-through-rate model with a mixture of experts: the capacity planner draws several
noisy routing samples for the same traffic slice to estimate each expert's load."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

EMBED = 16
EXPERTS = 6


class NoisyTopKRouter(nn.Module):
    experts: int = EXPERTS
    top_k: int = 2

    def setup(self):
        self.w_gate = nn.Dense(self.experts, use_bias=False)
        self.w_noise = nn.Dense(self.experts, use_bias=False)

    def __call__(self, tokens):
        return nn.softmax(self.w_gate(tokens))

    def sample_loads(self, tokens, num_samples):
        clean = self.w_gate(tokens)
        scale = nn.softplus(self.w_noise(tokens))
        gating_key = self.make_rng("gating")

        def draw(_, sample):
            noise = jax.random.normal(jax.random.fold_in(gating_key, sample), clean.shape)
            logits = clean + noise * scale
            kth = jnp.sort(logits, axis=-1)[..., -self.top_k][..., None]
            routed = (logits >= kth).astype(jnp.float32)
            return None, jnp.mean(routed, axis=0)

        _, loads = lax.scan(draw, None, jnp.arange(num_samples))
        return loads


def main():
    router = NoisyTopKRouter()
    tokens = jax.random.normal(jax.random.PRNGKey(0), (64, EMBED))
    params = router.init({"params": jax.random.PRNGKey(1), "gating": jax.random.PRNGKey(3)},
                         tokens, 2, method=NoisyTopKRouter.sample_loads)
    loads = router.apply(params, tokens, 8, method=NoisyTopKRouter.sample_loads,
                         rngs={"gating": jax.random.PRNGKey(2)})
    return loads
